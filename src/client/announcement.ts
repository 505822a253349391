import { storage } from './storage.ts';

/** Closing the bar remembers the announcement id; a new id shows the bar again. */
export function setupAnnouncement(): void {
  const bar = document.querySelector<HTMLElement>('.announcement');
  const close = bar?.querySelector<HTMLButtonElement>('.announcement-close');
  if (!bar || !close) return;
  const id = bar.dataset['announcementId'] ?? '';
  if (storage.get('announcement.id') !== id) {
    storage.set('announcement.id', id);
    storage.set('announcement.dismiss', 'false');
  }
  close.hidden = false;
  close.addEventListener('click', () => {
    storage.set('announcement.dismiss', 'true');
    document.documentElement.setAttribute('data-announcement-dismissed', 'true');
  });
}
