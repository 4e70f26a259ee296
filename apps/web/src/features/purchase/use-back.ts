import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The back arrow: one step back in this tab's history, or `fallback` when the page was opened
 * directly (the first entry of a tab has the key "default" and nothing to go back to).
 */
export function useBack(fallback: string) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [key, navigate, fallback]);
}
