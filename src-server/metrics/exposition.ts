/**
 * The Prometheus text exposition format (version 0.0.4), written by hand: a family's `# HELP` and
 * `# TYPE` lines, then its samples, one per line. https://prometheus.io/docs/instrumenting/exposition_formats/
 */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type MetricType = 'counter' | 'gauge' | 'histogram';
export type Labels = Readonly<Record<string, string>>;

/** Collects the lines of one scrape. */
export class Exposition {
  private readonly lines: string[] = [];

  /** Starts a family; every sample that follows until the next family belongs to it. */
  family(name: string, type: MetricType, help: string): this {
    this.lines.push(`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`);
    return this;
  }

  sample(name: string, labels: Labels, value: number): this {
    this.lines.push(`${name}${formatLabels(labels)} ${formatValue(value)}`);
    return this;
  }

  /** A histogram's series: cumulative buckets (the last one +Inf), then _sum and _count. */
  histogram(name: string, labels: Labels, bounds: readonly number[], counts: ArrayLike<number>, sum: number): this {
    let cumulative = 0;
    for (let i = 0; i < bounds.length; i++) {
      cumulative += counts[i] ?? 0;
      this.sample(`${name}_bucket`, { ...labels, le: formatValue(bounds[i] ?? 0) }, cumulative);
    }
    cumulative += counts[bounds.length] ?? 0;
    this.sample(`${name}_bucket`, { ...labels, le: '+Inf' }, cumulative);
    this.sample(`${name}_sum`, labels, sum);
    this.sample(`${name}_count`, labels, cumulative);
    return this;
  }

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([key, value]) => `${key}="${escapeLabelValue(value)}"`).join(',')}}`;
}

/** In a label value, backslash, double quote and line feed are escaped. */
function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** In HELP text, backslash and line feed are escaped. */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}
