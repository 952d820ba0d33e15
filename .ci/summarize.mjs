// Sums the vitest JSON reports of every workspace package that has a test script (unit tests, or the
// reliability suite's test:reliability) and prints "N passed, N failed". A package whose report is missing
// counts as a failure: its run crashed. So does a test file that failed with no test failing (a hook or the file
// itself threw, its tests skipped), which the report's count of failed tests leaves out.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const TEST_SCRIPTS = ["test", "test:reliability"];

let passed = 0;
let failed = 0;
const missing = [];
for (const group of ["packages", "services", "deploy"]) {
  if (!existsSync(group)) continue;
  for (const name of readdirSync(group)) {
    const dir = join(group, name);
    const manifest = join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    const scripts = JSON.parse(readFileSync(manifest, "utf8")).scripts ?? {};
    if (!TEST_SCRIPTS.some((script) => scripts[script])) continue;
    const report = join(dir, ".vitest", "report.json");
    if (!existsSync(report)) {
      missing.push(dir);
      continue;
    }
    const { numPassedTests, numFailedTests, testResults = [] } = JSON.parse(readFileSync(report, "utf8"));
    const brokenFiles = testResults.filter(
      (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
    );
    for (const file of brokenFiles) console.error(`${file.name} failed outside its tests: ${file.message ?? ""}`);
    passed += numPassedTests;
    failed += numFailedTests + brokenFiles.length;
  }
}
for (const dir of missing) console.error(`no test report from ${dir}: its test run did not finish`);
console.log(`${passed} passed, ${failed + missing.length} failed`);
process.exit(failed + missing.length > 0 || passed === 0 ? 1 : 0);
