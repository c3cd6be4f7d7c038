import { useEffect } from 'react';

/** Sets the tab title to '{title} · Magang' while the calling screen is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Magang`;
  }, [title]);
}
