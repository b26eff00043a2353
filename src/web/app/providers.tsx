import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ManifestProvider } from '../lib/manifest';
import { createQueryClient } from '../lib/queries';

/** The one query cache of the app; emptied when a session ends, so no figures outlive their user. */
export const queryClient = createQueryClient();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ManifestProvider>{children}</ManifestProvider>
    </QueryClientProvider>
  );
}
