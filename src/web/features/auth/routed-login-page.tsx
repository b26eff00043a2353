import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LoginPage } from './login-page';

/**
 * The sign-in screen inside the router: after signing out, at an unknown path, and at /protected
 * without a session. Signing in here empties the query cache of the session before.
 */
export function RoutedLoginPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return <LoginPage navigate={navigate} forgetEarlierUser={() => client.clear()} />;
}
