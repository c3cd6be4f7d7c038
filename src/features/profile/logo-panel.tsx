import { useEffect, useRef } from 'react';
import type { ApiClient } from '@/api/client';
import { deleteLogo, uploadLogo } from '@/api/organisasi';
import { LOGO_MSG, LOGO_PANEL_TEXT } from '@/domain/organisasi';
import { Alert } from '@/ui/alert';
import { Spinner } from '@/ui/spinner';
import { useOnlineStatus } from '@/ui/use-online-status';
import { PngUploadPanel } from './png-upload-panel';
import { useOrganisasiLogo } from './use-organisasi-logo';

const TEXT = LOGO_PANEL_TEXT;

/**
 * HR's 'Logo Organisasi' panel: whether a logo is set, the current logo with 'Hapus Logo' (after
 * a confirm), and a PNG upload with a preview of the chosen file. Online only: offline it says
 * so and offers nothing. A file that is not a PNG or larger than 1 MB is refused here, before
 * anything is sent (the signature's check: the same limits and texts).
 */
export function LogoPanel({ api }: { api: ApiClient }) {
  const online = useOnlineStatus();
  const current = useOrganisasiLogo(api);
  const hasLogo = current.status === 'present';
  const { reload } = current;

  // Back online: ask again (the load made offline failed).
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) reload();
    wasOnline.current = online;
  }, [online, reload]);

  return (
    <PngUploadPanel
      titleId="profile-logo-title"
      text={TEXT}
      messages={LOGO_MSG}
      stored={hasLogo ? true : current.status === 'none' ? false : null}
      current={hasLogo && current.url ? { url: current.url, failed: false } : null}
      storedHint={TEXT.reissueHint}
      disabled={!online}
      upload={async (file) => {
        await uploadLogo(api, file, file.name);
        reload();
      }}
      remove={async () => {
        await deleteLogo(api);
        reload();
      }}
    >
      <p className="muted logo-intro">{TEXT.intro}</p>
      {!online && <Alert tone="warning">{TEXT.offline}</Alert>}
      {online && current.status === 'loading' && <Spinner size={24} />}
      {online && current.status === 'failed' && <Alert tone="error">{TEXT.imageFailed}</Alert>}
    </PngUploadPanel>
  );
}
