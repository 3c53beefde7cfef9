// What the browser tests share: loading playwright-core (exit 77, ctest's "skipped", when
// `npm ci` has not been run), the ok/FAIL check log, and the run over the cases in one
// headless Debian chromium that exits 1 if any check failed.
'use strict';

function loadChromium() {
  try {
    return require('playwright-core').chromium;
  } catch (e) {
    console.error('playwright-core is not installed: run `npm ci` in tests/browser (scripts/test.sh does)');
    process.exit(77);  // ctest: skipped
  }
}

const failures = [];
function check(ok, what) {
  if (!ok) failures.push(what);
  console.log((ok ? 'ok   ' : 'FAIL ') + what);
}

// Runs testCase(browser, c) for each case in turn, then reports.
function runCases(chromium, cases, testCase, out) {
  (async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      for (const c of cases) await testCase(browser, c);
    } finally {
      await browser.close();
    }
    if (failures.length) {
      console.error(failures.length + ' check(s) failed');
      process.exit(1);
    }
    console.log('screenshots in ' + out);
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

module.exports = { loadChromium, check, runCases };
