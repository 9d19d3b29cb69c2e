/**
 * Screenshots of /home for people to compare before and after a change to what it loads (issue 15):
 * the workbench with one app, the team list and the notice popover opened.
 *
 *   npm run build && npx tsx bench/src/web/home-shots.ts <out dir>
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, newContext, startServer } from '../../../e2e/harness.js';
import { createBlankApp, registerWithTeam } from '../../../e2e/steps.js';

const out = process.argv[2] ?? 'e2e/screenshots/home';
fs.mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerWithTeam(page, '截图员', '截图团队');
  await page.getByTestId('all-apps-section').waitFor();
  await createBlankApp(page, '销售管理');
  await page.goto('/home');
  await page.getByTestId('app-card-name').first().waitFor();
  await page.waitForLoadState('networkidle');
  // The new-user guide covers the page for a new member: close it if it shows.
  const skip = page.getByRole('button', { name: /跳过|Skip/ });
  if (await skip.count()) await skip.first().click();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(out, 'home.png'), fullPage: true });
  await page.getByTestId('team-switcher').first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, 'team-dropdown.png') });
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await page.getByTestId('notice-bell').first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, 'notice-bell.png') });
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
