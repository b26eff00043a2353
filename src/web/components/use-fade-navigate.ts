import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/** Page transitions of the spec: the screen fades out, then after 500 ms the route changes. */
export const TRANSITION_MS = 500;

export function useFadeNavigate(): { fading: boolean; fadeTo: (path: string) => void } {
  const navigate = useNavigate();
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
