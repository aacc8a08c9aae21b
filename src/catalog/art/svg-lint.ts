/**
 * A small structural check of the generated SVG, for the tests: balanced tags, quoted
 * attributes, unique ids, resolvable internal references and nothing external or textual.
 */

const tagPattern = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/g;

function tagProblems(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let end = 0;
  for (const match of svg.matchAll(tagPattern)) {
    const between = svg.slice(end, match.index);
    if (/[<>]/.test(between)) problems.push(`malformed markup near …${between.slice(0, 40)}`);
    end = match.index + match[0].length;
    const [, closing, name = "", , selfClosing] = match;
    if (closing === "/") {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? "nothing"}>`);
    } else if (selfClosing !== "/") {
      stack.push(name);
    }
  }
  if (/[<>]/.test(svg.slice(end))) problems.push("malformed markup at the end");
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(", ")}`);
  return problems;
}

function referenceProblems(svg: string): string[] {
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  const problems = ids.filter((id, i) => ids.indexOf(id) !== i).map((id) => `duplicate id ${id}`);
  const refs = [...svg.matchAll(/(?:href="#|url\(#)([^")]+)/g)].map((m) => m[1]);
  for (const ref of refs) if (!ids.includes(ref)) problems.push(`unresolved reference #${ref}`);
  if (/href="(?!#)/.test(svg) || /url\((?!#)/.test(svg)) problems.push("external reference");
  return problems;
}

export function svgProblems(svg: string): string[] {
  const problems = [...tagProblems(svg), ...referenceProblems(svg)];
  if (!svg.startsWith("<svg ") || !svg.endsWith("</svg>")) problems.push("not a single <svg> document");
  if (!svg.includes('viewBox="0 0 800 800"')) problems.push("missing viewBox");
  if (/<(text|image|foreignObject|script)\b/.test(svg)) problems.push("text, image or script element");
  return problems;
}
