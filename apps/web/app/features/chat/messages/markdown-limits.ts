/**
 * spec 9 "Markdown preview": nesting is limited (100 levels). The Markdown parser recurses once
 * per level, so a message of ten thousand '>' or '- ' would exhaust the stack or hold the page for
 * seconds: a message nested deeper than the limit is shown as plain text instead. The depth is
 * read from the source in one pass, as an upper bound of what the parser would build.
 */
export const MARKDOWN_NESTING_LIMIT = 100;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const EMPHASIS = new Set(['*', '_', '~', '[', ']']);

/** How deep the blocks that start `line` nest: blockquote markers, list markers and indentation. */
function lineDepth(line: string): number {
  let depth = 0;
  let index = 0;
  let indent = 0;
  while (index < line.length) {
    const char = line[index];
    if (char === ' ') {
      indent += 1;
      index += 1;
    } else if (char === '\t') {
      indent += 4;
      index += 1;
    } else if (char === '>') {
      depth += 1;
      index += 1;
    } else if ((char === '-' || char === '*' || char === '+') && (line[index + 1] === ' ' || line[index + 1] === '\t')) {
      depth += 1;
      index += 1;
    } else {
      const ordered = /^\d{1,9}[.)](?=[ \t])/.exec(line.slice(index, index + 11));
      if (!ordered) break;
      depth += 1;
      index += ordered[0].length;
    }
  }
  // a nested list needs at least two more columns per level
  return depth + Math.floor(indent / 2);
}

/** The longest run of emphasis and link delimiters, each of which may open one more level. */
function inlineDepth(line: string): number {
  let longest = 0;
  let run = 0;
  for (const char of line) {
    run = EMPHASIS.has(char) ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** Whether `source` nests deeper than `limit` anywhere outside its fenced code blocks. */
export function exceedsNesting(source: string, limit: number = MARKDOWN_NESTING_LIMIT): boolean {
  let fence: string | null = null;
  for (const line of source.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (lineDepth(line) > limit || inlineDepth(line) > limit) return true;
    if (marker) fence = marker;
  }
  return false;
}
