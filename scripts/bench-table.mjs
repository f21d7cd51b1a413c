// The one table `npm run bench` prints: a section per part, a row per figure with its target and a
// mark — ✔ target met, ✘ missed, – no figure (the reason stands in its place), blank: no target.
const MARKS = { true: '✔', false: '✘', null: '–', undefined: ' ' };

/** sections: [{ title, rows: [{ ok, item, measured, target }] }] → the table's text. */
export function renderTable(sections) {
  const rows = sections.flatMap((section) => section.rows);
  const width = (key, header) => Math.max(header.length, ...rows.map((row) => String(row[key] ?? '').length));
  const itemWidth = width('item', 'what');
  const measuredWidth = width('measured', 'measured');
  const lines = [`  ${'what'.padEnd(itemWidth)}  ${'measured'.padEnd(measuredWidth)}  target`];
  for (const section of sections) {
    lines.push('', `── ${section.title}`);
    for (const row of section.rows)
      lines.push(
        `${MARKS[row.ok]} ${String(row.item).padEnd(itemWidth)}  ${String(row.measured ?? '').padEnd(measuredWidth)}  ${row.target ?? ''}`.trimEnd(),
      );
    if (section.note) lines.push(`  ${section.note}`);
  }
  const marks = rows.map((row) => row.ok);
  lines.push(
    '',
    `${marks.filter((ok) => ok === true).length} ✔, ${marks.filter((ok) => ok === false).length} ✘, ${marks.filter((ok) => ok === null).length} without a figure`,
  );
  return lines.join('\n');
}

export const seconds = (ms) => (ms === null || ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
