import { InstallAppButton, OfflineBanner, UpdateControl } from '../pwa/PwaControls';

/** The footer's app controls (install, update, offline), loaded after the first screen with the service worker code. */
export default function FooterPwaControls() {
  return (
    <>
      <InstallAppButton />
      <UpdateControl />
      <OfflineBanner />
    </>
  );
}
