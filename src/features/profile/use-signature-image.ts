import { useEffect, useState } from 'react';
import type { ApiClient } from '@/api/client';
import { fetchSignatureImage } from '@/api/signature';

/** The signature image as a Blob URL and whether it is still loading or failed. */
interface SignatureImage {
  url: string | null;
  loading: boolean;
  failed: boolean;
}

/**
 * Loads the image at `signatureUrl` through the API client (an <img src> cannot send the
 * Bearer header) and hands out a Blob URL, released when the URL changes or the panel goes.
 */
export function useSignatureImage(api: ApiClient, signatureUrl: string | null | undefined): SignatureImage {
  const [state, setState] = useState<SignatureImage>({ url: null, loading: false, failed: false });
  useEffect(() => {
    if (!signatureUrl) {
      setState({ url: null, loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ url: null, loading: true, failed: false });
    fetchSignatureImage(api, signatureUrl, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, loading: false, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, loading: false, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, signatureUrl]);
  return state;
}

/** A Blob URL of a chosen file, released when the file changes. */
export function useFileUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
