/**
 * Reads the Prometheus text exposition format (what a receiver's /metrics serves) into samples.
 * Written here because the registry's parser for it (parse-prometheus-text-format 1.1) folds every
 * series of a labelled histogram into one, dropping their labels: this reads each line as the
 * format defines it (`name{label="value",…} value [timestamp]`, with `\\`, `\"` and `\n` escapes).
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

function parseValue(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  return Number(text);
}

function parseLine(line: string): Sample | null {
  const name = NAME.exec(line)?.[0];
  if (!name) return null;
  let at = name.length;
  const labels: Record<string, string> = {};
  if (line[at] === '{') {
    at += 1;
    while (line[at] !== '}') {
      if (line[at] === ',') at += 1;
      if (line[at] === '}') break;
      const labelName = LABEL_NAME.exec(line.slice(at))?.[0];
      if (!labelName || line[at + labelName.length] !== '=' || line[at + labelName.length + 1] !== '"') return null;
      at += labelName.length + 2;
      let value = '';
      while (at < line.length && line[at] !== '"') {
        if (line[at] === '\\') {
          const escaped = line[at + 1];
          value += escaped === 'n' ? '\n' : (escaped ?? '');
          at += 2;
        } else {
          value += line[at];
          at += 1;
        }
      }
      if (line[at] !== '"') return null;
      at += 1;
      labels[labelName] = value;
    }
    at += 1;
  }
  const [valueText] = line.slice(at).trim().split(/\s+/, 1);
  if (!valueText) return null;
  const value = parseValue(valueText);
  return Number.isNaN(value) && valueText !== 'NaN' ? null : { name, labels, value };
}

export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const sample = parseLine(line);
    if (sample) samples.push(sample);
  }
  return samples;
}
