import type { FastifyReply } from 'fastify';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A one-line HTML page for addresses people open in a browser rather than call from the app (a
 * QR-code scan, an "open in browser" link): the answer must read as words, not as JSON.
 */
export function messagePage(
  reply: FastifyReply,
  status: number,
  page: { title: string; text: string; testId: string; lang: string; link?: { href: string; text: string } },
) {
  const link = page.link ? `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p>` : '';
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${escapeHtml(page.lang)}"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>${escapeHtml(page.title)}</title><body style="font-family:sans-serif;padding:48px;text-align:center">` +
        `<p data-testid="${escapeHtml(page.testId)}">${escapeHtml(page.text)}</p>${link}</body></html>`,
    );
}
