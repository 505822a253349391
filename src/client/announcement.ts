import { clientConfig } from './config.ts';
import { KEYS, announcementPreference, onStoredChange } from './preferences.ts';

function apply(dismissed: boolean): void {
  if (dismissed) document.documentElement.setAttribute('data-announcement-dismissed', 'true');
  else document.documentElement.removeAttribute('data-announcement-dismissed');
}

/** Closing the bar remembers the announcement id; a new id shows the bar again, as does a dismissal removed in another tab. */
export function mountAnnouncement(signal: AbortSignal): void {
  const config = clientConfig();
  const bar = document.querySelector<HTMLElement>('.announcement');
  if (!bar || !config.announcement) return;
  announcementPreference.track(config);
  apply(announcementPreference.read(config));
  const close = bar.querySelector<HTMLButtonElement>('.announcement-close');
  if (close && config.announcement.closeable) {
    close.hidden = false;
    close.addEventListener(
      'click',
      () => {
        announcementPreference.dismiss(config);
        apply(true);
      },
      { signal },
    );
  }
  onStoredChange([KEYS.announcementDismissed, KEYS.announcementId], () => apply(announcementPreference.read(config)), signal);
}
