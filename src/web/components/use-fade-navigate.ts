import { useNavigate } from 'react-router';
import { useFadeOut } from './use-fade-out';

/** Page transitions of the spec inside the router: the screen fades out, then after 500 ms the route changes. */
export function useFadeNavigate(): { fading: boolean; fadeTo: (path: string) => void } {
  return useFadeOut(useNavigate());
}
