import { createBrowserRouter } from 'react-router';
import { AdminPage } from '../features/admin/admin-page';
import { LoginPage } from '../features/auth/login-page';
import { ProtectedPage } from '../features/auth/protected-page';
import { RegisterPage } from '../features/auth/register-page';
import { InvestorPage } from '../features/investor/investor-page';
import { SignedInLayout } from './signed-in-layout';

/** The routes of portal-spec §2. */
export const router = createBrowserRouter([
  { path: '/', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/protected', element: <ProtectedPage /> },
  {
    element: <SignedInLayout />,
    children: [
      { path: '/investor', element: <InvestorPage /> },
      { path: '/investor/:investorName', element: <InvestorPage /> },
      { path: '/admin', element: <AdminPage /> },
    ],
  },
  { path: '*', element: <LoginPage /> },
]);
