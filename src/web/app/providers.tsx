import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/queries';

/** The one query cache of the app; emptied when a session ends, so no figures outlive their user. */
export const queryClient = createQueryClient();

/** What the routed screens share besides the manifest, which main.tsx provides to the sign-in screen too. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
