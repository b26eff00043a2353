import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { ProtectedPage } from '../features/auth/protected-page';
import { RegisterPage } from '../features/auth/register-page';
import { SignedInLayout } from './signed-in-layout';

// The signed-in pages load when first visited: the login page ships without the admin forms or the chart.
const adminPage = async () => ({ Component: (await import('../features/admin/admin-page')).AdminPage });
const accountPage = async () => ({ Component: (await import('../features/auth/account-page')).AccountPage });
const investorPage = async () => ({ Component: (await import('../features/investor/investor-page')).InvestorPage });

/** The routes of portal-spec §2. */
export const router = createBrowserRouter([
  { path: '/', element: <LoginPage /> },
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
  { path: '*', element: <LoginPage /> },
]);
