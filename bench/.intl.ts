import { chromium } from 'playwright-core';
import { chromeFlags, chromiumPath } from './client';
async function main() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags });
  const variants: Record<string, string> = {
    fields: `new Intl.DateTimeFormat(undefined,{year:'numeric',month:'numeric',day:'numeric',hour:'numeric',minute:'numeric',second:'numeric'}).format(new Date())`,
    styles: `new Intl.DateTimeFormat(undefined,{dateStyle:'short',timeStyle:'medium'}).format(new Date())`,
    toLocaleString: `new Date().toLocaleString()`,
    nooptions: `new Intl.DateTimeFormat().format(new Date())`,
    twice: `new Date().toLocaleString(); new Date(0).toLocaleString()`,
  };
  for (let round = 0; round < 3; round++) for (const [name, code] of Object.entries(variants)) {
    const page = await browser.newPage();
    await page.goto('data:text/html,<p>x</p>');
    const ms = await page.evaluate((code) => { const t = performance.now(); const r = eval(code); return [performance.now() - t, r]; }, code);
    console.log(name.padEnd(16), ms);
    await page.close();
  }
  await browser.close();
}
void main();
