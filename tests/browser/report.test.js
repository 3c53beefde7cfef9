// Browser test of the HTML reports (`mc --report`, `sweep --report`; src/analysis/report/):
// writes an mc report for each rule set's small scenario and a 1-D and a 2-D sweep report
// with the real program (with --json beside them, to know what the charts must show),
// opens each in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core)
// and checks that it loads with no console error and no network request, names no URL,
// and draws its charts: a win-rate bar with an interval per side and for draws, one
// histogram bin per bin of the summary, one bar per unit, a bar per end condition, a heat
// map cell per grid cell and side. Saves a full-page screenshot of each under OUT.
//
// usage: node report.test.js SMOOTHBORE_BINARY SOURCE_DIR OUT_DIR (exit 77: not installed)
'use strict';
const { loadChromium, check, runCases } = require('./harness');
const chromium = loadChromium();
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const [binary, source, out] = process.argv.slice(2);
if (!binary || !source || !out) {
  console.error('usage: node report.test.js SMOOTHBORE_BINARY SOURCE_DIR OUT_DIR');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });

const FAST = 'scenarios/fast-1805/small.toml';
const FD = 'scenarios/fire-and-discipline/small.toml';
const CASES = [
  { name: 'mc-fast-1805', args: ['mc', FAST, '-n', '30'] },
  { name: 'mc-fire-and-discipline', args: ['mc', FD, '-n', '8'] },
  { name: 'sweep-fast-1805', args: ['sweep', FAST, '-n', '10', '--vary', 'unit.fr-5e-ligne.quality=veteran,green'] },
  { name: 'sweep-fire-and-discipline', args: ['sweep', FD, '-n', '4', '--vary', 'fd_21_morale_base=castings,five',
    '--vary', 'unit.fr-picardie.morale-rating=2,3,4'] },
];

// Runs the program; returns the report's path and the --json output.
function write(c) {
  const html = path.join(out, c.name + '.html');
  const json = path.join(out, c.name + '.json');
  const args = c.args.slice();
  args[1] = path.join(source, args[1]);
  execFileSync(binary, args.concat(['--quiet', '--threads', '2', '--report', html, '--json', json]));
  return { html, summary: JSON.parse(fs.readFileSync(json, 'utf8')) };
}

async function checkMc(page, s, tag) {
  const sides = s.sides.length;
  check(await page.$$eval('svg.outcome rect.bar', (e) => e.length) === sides + 1,
    tag + 'a win-rate bar per side and one for draws');
  check(await page.$$eval('svg.outcome path.ci', (e) => e.length) === sides + 1,
    tag + 'each win-rate bar has its interval');
  const bins = await page.$$eval('svg.turns rect.bin', (e) => e.length);
  check(bins > 0 && bins === s.turns_histogram.counts.length,
    tag + 'battle-length histogram has its ' + s.turns_histogram.counts.length + ' bins (' + bins + ')');
  const tall = await page.$$eval('svg.turns rect.bin', (e) => e.filter((r) => +r.getAttribute('height') > 0).length);
  check(tall === s.turns_histogram.counts.filter((c) => c > 0).length, tag + 'a visible bin per non-empty bin');
  check(await page.$$eval('svg.losses', (e) => e.length) === sides, tag + 'a losses histogram per side');
  check(await page.$$eval('svg.units', (e) => e.length) === sides, tag + 'a units-broken histogram per side');
  const unitBars = await page.$$eval('svg.units-chart g.unit-bar', (e) => e.length);
  check(unitBars === s.units.length, tag + 'one bar per unit (' + unitBars + ' of ' + s.units.length + ')');
  // The survived part of a unit's bar is as long as its survival rate.
  const widths = await page.$$eval('svg.units-chart g.unit-bar rect.seg.active', (e) => e.map((r) => +r.getAttribute('width')));
  const expected = s.units.map((u) => 340 * u.status.active / s.battles);
  check(widths.every((w, i) => Math.abs(w - expected[i]) < 0.06), tag + 'unit bars show the survival rates');
  check(await page.$$eval('svg.ends rect.bar', (e) => e.length) === Object.keys(s.end_conditions).length,
    tag + 'a bar per end condition');
  const title = await page.title();
  check(title.includes(s.scenario) && title.includes(s.ruleset), tag + 'title names scenario and rule set: ' + title);
}

async function checkSweep(page, s, tag) {
  const sides = s.cells[0].summary.sides.length;
  const cells = s.cells.length;
  if (s.axes.length === 2) {
    const heat = await page.$$eval('svg.heatmap rect.heat:not(.missing)', (e) => e.length);
    check(heat === 2 * sides * cells, tag + 'heat map cells: win and losses per side and cell (' + heat + ')');
  } else {
    check(await page.$$eval('svg.sweep-wins rect.bar', (e) => e.length) === sides * cells, tag + 'a win bar per side and cell');
    check(await page.$$eval('svg.sweep-wins path.ci', (e) => e.length) === sides * cells, tag + 'each with its interval');
    check(await page.$$eval('svg.sweep-losses rect.bar', (e) => e.length) === sides * cells, tag + 'a losses bar per side and cell');
  }
  check(await page.$$eval('tbody tr', (e) => e.length) === cells, tag + 'the table has a row per cell');
}

async function testCase(browser, c) {
  const { html, summary } = write(c);
  const text = fs.readFileSync(html, 'utf8');
  const tag = '[' + c.name + '] ';
  check(!/https?:|\/\/[a-z]|\b(src|href)\s*=/i.test(text), tag + 'the file names no URL and loads nothing');
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
  await page.goto('file://' + html);
  await page.waitForSelector('svg.chart');
  if (c.args[0] === 'mc') {
    await checkMc(page, summary, tag);
  } else {
    await checkSweep(page, summary, tag);
  }
  await page.screenshot({ path: path.join(out, c.name + '.png'), fullPage: true });
  check(errors.length === 0, tag + 'no console errors' + (errors.length ? ': ' + errors.join(' | ') : ''));
  check(requests.length === 0, tag + 'no network requests' + (requests.length ? ': ' + requests.join(' ') : ''));
  await page.close();
}

runCases(chromium, CASES, testCase, out);
