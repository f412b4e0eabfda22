import type { PanelAuditEntry } from '@platform/contracts';
import { t } from '../i18n/messages';
import { escapeHtml, field, panelPage, type Chrome, type FieldErrors } from '../pages/html';
import { listSection, type Listing } from '../operations/operations.pages';

/** Who did it, as people read it: the user's e-mail address (the log keeps `merchant-user:<id> <email>`), or the operator. */
export function actorOf(entry: PanelAuditEntry): string {
  const user = /^merchant-user:\S+ (.+)$/.exec(entry.actor);
  return user ? user[1]! : entry.actor;
}

/** The entry's details as `name: value` pairs, values as JSON when they are not text. */
function detailsOf(entry: PanelAuditEntry): string {
  return Object.entries(entry.details)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/** The owner's view of the merchant's panel audit log: every change and sign-in of the team, newest first. */
export function activityPage(chrome: Chrome, listing: Listing<PanelAuditEntry>): string {
  const l = chrome.language;
  const errors: FieldErrors = listing.errors ?? {};
  const rows = listing.data.map(
    (entry) =>
      `<tr data-action="${escapeHtml(entry.action)}"><th scope="row">${escapeHtml(entry.at.slice(0, 19).replace('T', ' '))} UTC</th><td>${escapeHtml(actorOf(entry))}</td><td><code>${escapeHtml(entry.action)}</code></td><td>${escapeHtml(detailsOf(entry)) || '—'}</td></tr>`,
  );
  const filter = `<section class="card" aria-labelledby="filter-h"><h2 id="filter-h">${escapeHtml(t(l, 'ops.filter'))}</h2><form method="get" action="/activity" class="filters"><div>${field(
    { name: 'action', label: t(l, 'activity.action'), value: listing.filter.action ?? '', hint: t(l, 'activity.actionHint'), autocomplete: 'off' },
    errors,
  )}</div><div><button type="submit">${escapeHtml(t(l, 'ops.filter.apply'))}</button></div></form></section>`;
  return panelPage(
    chrome,
    t(l, 'activity.title'),
    `<p>${escapeHtml(t(l, 'activity.intro'))}</p>${filter}${listSection(
      chrome,
      '/activity',
      listing,
      t(l, 'activity.title'),
      [t(l, 'activity.at'), t(l, 'activity.who'), t(l, 'activity.action'), t(l, 'activity.details')],
      rows,
    )}`,
  );
}
