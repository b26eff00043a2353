import { useCallback, useEffect, useRef, useState } from 'react';

/** Page transitions of the spec: the screen fades out, then after 500 ms the route changes. */
export const TRANSITION_MS = 500;

/**
 * The fade before `navigate(path)`. Takes the way to change page as an argument because the sign-in
 * screen is first shown without the router (main.tsx), and the router's own pages use useFadeNavigate.
 */
export function useFadeOut(navigate: (path: string) => void): { fading: boolean; fadeTo: (path: string) => void } {
  const [fading, setFading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const fadeTo = useCallback(
    (path: string) => {
      setFading(true);
      timer.current = window.setTimeout(() => navigate(path), TRANSITION_MS);
    },
    [navigate],
  );
  return { fading, fadeTo };
}
