/**
 * A message's Markdown as one line of plain text, for the new-message tooltip: the marks go (links and
 * pictures keep their text, code blocks and diagrams go whole), the words and their punctuation stay.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(?:#{1,6}|>+|[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/\*\*|__|~~|`/g, '')
    .replace(/(^|[^\p{L}\p{N}])[*_](?=\S)([^*_\n]*?\S)[*_](?=[^\p{L}\p{N}]|$)/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}
