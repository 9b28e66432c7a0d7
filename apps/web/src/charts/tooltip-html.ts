/** The rows of a chart tooltip (styled by `.chart-tooltip` in styles.css); every text escaped, as names and labels come from the server. */
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const tipTitle = (text: string): string => `<div class="tt-title">${escapeHtml(text)}</div>`;

export const tipRow = (label: string, value: string, color?: string): string =>
  `<div class="tt-row"><span>${escapeHtml(label)}</span><b${color ? ` style="color:${color}"` : ""}>${escapeHtml(value)}</b></div>`;
