/**
 * The search box: finds nodes whose name, nodeId or type contains the query (case-insensitive),
 * in document order. Enter goes to the next match, Shift+Enter to the previous one, Escape clears;
 * each move reports the current match so the page can centre and highlight it.
 */
import type { PearlGraph, PearlGraphNode } from '#protocol/graphTypes';

/** The nodes of `graph` matching `query` (trimmed, case-insensitive) by name, nodeId or type name. */
export function findNodes(graph: PearlGraph, query: string): PearlGraphNode[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [];
  return graph.nodes.filter((node) =>
    [node.name, node.nodeId, node.typeName].some((field) => field !== undefined && field.toLowerCase().includes(wanted)),
  );
}

/** The search results shown: every match, and the one the view is on (-1: none). */
export interface SearchResults {
  readonly keys: readonly string[];
  readonly current: number;
}

/** Drives the search `<input>` and its status text. */
export class SearchBox {
  private matches: readonly string[] = [];
  private current = -1;

  /**
   * @param input the search field.
   * @param status where "2 of 7" / "No match" is written (an `aria-live` region).
   * @param graph the graph searched (the one on screen, or undefined).
   * @param onChange called with the results after every change; `moved` when the current match changed.
   */
  constructor(
    private readonly input: HTMLInputElement,
    private readonly status: HTMLElement,
    private readonly graph: () => PearlGraph | undefined,
    private readonly onChange: (results: SearchResults, moved: boolean) => void,
  ) {
    input.addEventListener('input', () => this.update(true));
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.step(event.shiftKey ? -1 : 1);
      } else if (event.key === 'Escape') {
        input.value = '';
        this.update(true);
      }
    });
  }

  /** The current results. */
  get results(): SearchResults {
    return { keys: this.matches, current: this.current };
  }

  /**
   * Searches again (after typing, or in a new graph). Keeps the current match when it still
   * matches; `move` goes to the first match otherwise.
   */
  update(move: boolean): void {
    const graph = this.graph();
    const previous = this.matches[this.current];
    this.matches = graph ? findNodes(graph, this.input.value).map((node) => node.key) : [];
    const kept = previous === undefined ? -1 : this.matches.indexOf(previous);
    const moved = move && (kept < 0 || this.input.value !== '');
    this.current = kept >= 0 && !move ? kept : this.matches.length > 0 ? (kept >= 0 ? kept : 0) : -1;
    this.showStatus();
    this.onChange(this.results, moved && this.current >= 0);
  }

  private step(delta: number): void {
    if (this.matches.length === 0) return;
    this.current = (this.current + delta + this.matches.length) % this.matches.length;
    this.showStatus();
    this.onChange(this.results, true);
  }

  private showStatus(): void {
    const query = this.input.value.trim();
    this.status.textContent = query === '' ? '' : this.matches.length === 0 ? 'No match' : `${this.current + 1} of ${this.matches.length}`;
  }
}
