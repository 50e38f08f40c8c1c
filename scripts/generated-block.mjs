// A generated block in a Markdown file sits between two comments naming it:
//   <!-- generated:NAME (do not edit; scripts/….mjs --write) -->  …  <!-- /generated:NAME -->
// replaceBetweenMarkers puts a new block there; a file without the markers is an error, so a
// generator never writes into a document that lost its place for it.

export function replaceBetweenMarkers(text, name, block) {
  const start = new RegExp(`<!-- generated:${name}[^>]*-->\\n`);
  const end = `<!-- /generated:${name} -->`;
  const startMatch = start.exec(text);
  const endIndex = text.indexOf(end);
  if (!startMatch || endIndex < startMatch.index) throw new Error(`no <!-- generated:${name} --> … <!-- /generated:${name} --> block`);
  const from = startMatch.index + startMatch[0].length;
  return `${text.slice(0, from)}${block}\n${text.slice(endIndex)}`;
}
