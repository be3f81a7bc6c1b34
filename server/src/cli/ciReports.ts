import type { LintRecord, LintSeverity } from './lintReport';

const githubCommands: Record<LintSeverity, string> = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' };

/**
 * One GitHub Actions workflow command per record
 * (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=pearl <code>::<message>`; `warning`
 * and `notice` for the other severities), which GitHub shows as annotations on the file. Values are
 * escaped as the runner expects: `%`, CR and LF everywhere, and `:` and `,` in properties.
 */
export function formatLintGithub(records: readonly LintRecord[]): string {
  return records
    .map((r) => {
      const properties = [
        `file=${escapeProperty(r.file.replace(/\\/g, '/'))}`,
        `line=${r.line}`,
        `col=${r.column}`,
        `endLine=${r.endLine}`,
        `endColumn=${r.endColumn}`,
        `title=${escapeProperty(`pearl ${r.code || r.severity}`)}`,
      ];
      return `::${githubCommands[r.severity]} ${properties.join(',')}::${escapeData(r.message)}\n`;
    })
    .join('');
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * A JUnit XML report: one `testsuite` named `pearl-lint` with one `testcase` per checked file (in
 * `files` order); a file with error diagnostics fails with one `failure` listing them, and its
 * warnings and other diagnostics go to the test case's `system-out`. Every string is XML-escaped and
 * characters XML cannot carry become U+FFFD.
 */
export function formatLintJunit(records: readonly LintRecord[], files: readonly string[]): string {
  const byFile = new Map<string, LintRecord[]>(files.map((file) => [file, []]));
  for (const record of records) byFile.get(record.file)?.push(record);
  const line = (r: LintRecord): string => `${r.file}:${r.line}:${r.column}: ${r.severity} ${r.code || '-'} ${r.message}`;
  let failures = 0;
  const cases = [...byFile].map(([file, fileRecords]) => {
    const errors = fileRecords.filter((r) => r.severity === 'error');
    const others = fileRecords.filter((r) => r.severity !== 'error');
    let body = '';
    if (errors.length > 0) {
      failures++;
      const message = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
      body += `      <failure type="pearl-lint" message="${escapeXml(message)}">${escapeXml(errors.map(line).join('\n'))}</failure>\n`;
    }
    if (others.length > 0) body += `      <system-out>${escapeXml(others.map(line).join('\n'))}</system-out>\n`;
    const open = `    <testcase classname="pearl-lint" name="${escapeXml(file)}" file="${escapeXml(file)}"`;
    return body ? `${open}>\n${body}    </testcase>\n` : `${open}/>\n`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="pearl-lint" tests="${files.length}" failures="${failures}">\n` +
    `  <testsuite name="pearl-lint" tests="${files.length}" failures="${failures}" errors="0">\n` +
    cases.join('') +
    '  </testsuite>\n</testsuites>\n'
  );
}

function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
