import { createBrowserRouter } from 'react-router';
import { ProtectedPage } from '../features/auth/protected-page';
import { RegisterPage } from '../features/auth/register-page';
import { RoutedLoginPage } from '../features/auth/routed-login-page';
import { SignedInLayout } from './signed-in-layout';

// The signed-in pages load when first visited: the admin forms and the chart load only on their pages.
const adminPage = async () => ({ Component: (await import('../features/admin/admin-page')).AdminPage });
const accountPage = async () => ({ Component: (await import('../features/auth/account-page')).AccountPage });
const investorPage = async () => ({ Component: (await import('../features/investor/investor-page')).InvestorPage });

/** The routes of docs/product.md "Screens". */
export const router = createBrowserRouter([
  { path: '/', element: <RoutedLoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/protected', element: <ProtectedPage /> },
  {
    element: <SignedInLayout />,
    children: [
      { path: '/investor', lazy: investorPage },
      { path: '/investor/:investorName', lazy: investorPage },
      { path: '/admin', lazy: adminPage },
      { path: '/account', lazy: accountPage },
    ],
  },
  { path: '*', element: <RoutedLoginPage /> },
]);
