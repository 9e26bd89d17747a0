import styled from 'styled-components';
import { copyText, toast } from '@matchday/ui';
import { useMyReferralCode } from '@matchday/ui/unshared';
import type { AuthUser, ReferralCodeInfo } from '@matchday/contracts';

/** Spec §1: appended to every share. */
export const SHARE_TAGLINE = 'Get live stats and insights. Download the Matchday app now!';
const HASHTAGS = ['Matchday', 'Football', 'FantasyFootball'];
const POPUP_FEATURES = 'width=600,height=400,resizable=yes,scrollbars=yes';

export interface SharePayload {
  title: string;
  text: string;
  url: string;
  hashtags: string[];
}

/** Share text and link: the referral link (/social-preview/{code}) when there is a code, else the current address. */
export function sharePayload(
  user: AuthUser | null,
  info: ReferralCodeInfo | null | undefined,
  location: Location = window.location,
): SharePayload {
  const code = info?.referralCode ?? user?.referralCode ?? null;
  const url = info?.shareLink ?? (code ? `${location.origin}/social-preview/${code}` : location.href);
  const text = code
    ? `Join me on Matchday with my referral code ${code} and we both get 1 month of free premium. ${SHARE_TAGLINE}`
    : SHARE_TAGLINE;
  return { title: 'Matchday', text, url, hashtags: HASHTAGS };
}

const enc = encodeURIComponent;

/** The six networks of spec §7, each opened as a 600x400 pop-up. */
export const NETWORKS: ReadonlyArray<{ name: string; href(p: SharePayload): string }> = [
  { name: 'Facebook', href: (p) => `https://www.facebook.com/sharer/sharer.php?u=${enc(p.url)}&quote=${enc(p.text)}` },
  {
    name: 'Twitter',
    href: (p) => `https://twitter.com/intent/tweet?text=${enc(p.text)}&url=${enc(p.url)}&hashtags=${enc(p.hashtags.join(','))}`,
  },
  { name: 'WhatsApp', href: (p) => `https://api.whatsapp.com/send?text=${enc(`${p.text} ${p.url}`)}` },
  { name: 'LinkedIn', href: (p) => `https://www.linkedin.com/sharing/share-offsite/?url=${enc(p.url)}` },
  { name: 'Telegram', href: (p) => `https://t.me/share/url?url=${enc(p.url)}&text=${enc(p.text)}` },
  { name: 'Reddit', href: (p) => `https://www.reddit.com/submit?url=${enc(p.url)}&title=${enc(p.text)}` },
];

function openPopup(href: string): void {
  const popup = window.open(href, '_blank', POPUP_FEATURES);
  if (popup) popup.opener = null;
}

async function nativeShare(payload: SharePayload): Promise<void> {
  if (typeof navigator.share !== 'function') {
    toast({ title: 'Share not supported', description: 'Native sharing not available on this device' });
    return;
  }
  try {
    await navigator.share({ title: payload.title, text: payload.text, url: payload.url });
  } catch (error) {
    console.info('share cancelled or failed', error);
    if ((error as DOMException | undefined)?.name !== 'AbortError') {
      toast({ title: 'Share failed', description: 'Unable to share using native dialog', variant: 'destructive' });
    }
  }
}

async function copyLink(payload: SharePayload): Promise<void> {
  if (await copyText(payload.url)) toast({ title: 'Copied!', description: 'Share link copied to clipboard' });
  else toast({ title: 'Failed to copy', description: 'Please copy manually', variant: 'destructive' });
}

const Menu = styled.div`
  position: absolute;
  top: calc(100% + 0.5rem);
  right: 0;
  z-index: 30;
  min-width: 12rem;
  display: grid;
  padding: 0.4rem;
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  box-shadow: 0 12px 30px rgb(0 0 0 / 0.3);
  button {
    text-align: left;
    padding: 0.5rem 0.7rem;
    border: 0;
    border-radius: 6px;
    background: transparent;
    color: ${({ theme }) => theme.text};
    cursor: pointer;
  }
  button:hover,
  button:focus-visible {
    background: ${({ theme }) => theme.surfaceRaised};
  }
  hr {
    border: 0;
    border-top: 1px solid ${({ theme }) => theme.border};
    margin: 0.3rem 0;
    width: 100%;
  }
`;

/**
 * The Share button's menu (the button is the Header's, drawn at once): native share, the six networks, copy link.
 * Mounted closed once the header's lazy parts load, so the referral link is asked for before the first tap.
 */
export function ShareMenu({ user, open, onClose }: { user: AuthUser; open: boolean; onClose: () => void }) {
  const { data: info } = useMyReferralCode(true);
  if (!open) return null;
  const payload = sharePayload(user, info);
  const run = (action: () => void | Promise<void>) => {
    onClose();
    void action();
  };

  return (
    <Menu role="menu" aria-label="Share">
      <button type="button" role="menuitem" onClick={() => run(() => nativeShare(payload))}>
        Share via device…
      </button>
      <hr />
      {NETWORKS.map((network) => (
        <button key={network.name} type="button" role="menuitem" onClick={() => run(() => openPopup(network.href(payload)))}>
          {network.name}
        </button>
      ))}
      <hr />
      <button type="button" role="menuitem" onClick={() => run(() => copyLink(payload))}>
        Copy link
      </button>
    </Menu>
  );
}
