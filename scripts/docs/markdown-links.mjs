// Relative links in the project's Markdown pages: each must name a file or folder that exists, and
// an anchor must name a heading of the page it points to (GitHub's slugs). Links to other sites
// are not followed: the closed network could not answer, and a test must not depend on it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Folders that hold no page of the project's own: dependencies, builds, reports. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'deploy', 'perf']);

/** Every `.md` file under `root` (hidden folders and `SKIPPED_FOLDERS` left out), relative to it. */
export function markdownFiles(root, folder = '') {
  const found = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...markdownFiles(root, relative));
    } else if (entry.name.endsWith('.md')) {
      found.push(relative);
    }
  }
  return found.sort();
}

/** The text without fenced code blocks and inline code, whose brackets are not links. */
function withoutCode(markdown) {
  return markdown
    .replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, (code) => code.replace(/[^\n]/g, ' '));
}

/** The targets of inline links and images `[text](target "title")` and of definitions `[id]: target`. */
export function linkTargets(markdown) {
  const text = withoutCode(markdown);
  const targets = [];
  for (const match of text.matchAll(/\]\(\s*(?:<([^>]*)>|([^)\s]*))(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push(match[1] ?? match[2]);
  }
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)) targets.push(match[1]);
  return targets.filter((target) => target !== '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading) {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page's headings give, the second of a name with `-1` as GitHub numbers them. */
export function headingAnchors(markdown) {
  const seen = new Map();
  const anchors = new Set();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(match[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function withoutCodeBlocks(markdown) {
  return markdown.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '');
}

/**
 * The broken relative links of the page `file` (relative to `root`): each with what is wrong. A
 * link to another site, an e-mail address or a port on this machine is not checked.
 */
export function brokenLinks(root, file) {
  const markdown = readFileSync(path.join(root, file), 'utf8');
  const problems = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [rawPath, anchor] = target.split('#', 2);
    const pathPart = decodeURIComponent(rawPath);
    const resolved =
      pathPart === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), pathPart);
    if (!existsSync(resolved)) {
      problems.push(`${file}: ${target} names no file (${path.relative(root, resolved)})`);
      continue;
    }
    if (anchor === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) continue;
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) {
      problems.push(`${file}: ${target} names no heading of ${path.relative(root, resolved)}`);
    }
  }
  return problems;
}
