/**
 * What the fake model says, one scripted turn per model call. Each API module (anthropic.ts,
 * openai-responses.ts, gemini.ts) renders a turn in its own wire format.
 */

/** A final answer: the model says `text` and stops. */
export interface TextTurn {
  text: string;
}

/**
 * The model asks the agent to write a file with its own write tool (Claude Code's `Write`, Codex's
 * `apply_patch`, Gemini CLI's `write_file`). `path` should be absolute (Claude's Write insists);
 * the agent's answer (the tool result) comes back in the next request, which takes the next turn.
 */
export interface WriteFileTurn {
  writeFile: { path: string; content: string };
}

/** The model runs a shell command with the agent's shell tool (Claude Code's `Bash`). */
export interface BashTurn {
  bash: { command: string };
}

/** The model replaces text in a file with the agent's edit tool (Claude Code's `Edit`). */
export interface EditTurn {
  edit: { path: string; old: string; new: string };
}

/**
 * The API answers with an HTTP error instead of a model turn. Sticky: it is not taken off the
 * queue, so the agent's retries all see it too (give `times` to let only that many through).
 */
export interface ErrorTurn {
  error: number;
  message?: string;
  times?: number;
}

export type Turn = TextTurn | WriteFileTurn | BashTurn | EditTurn | ErrorTurn;

/** What a request that finds the queue empty gets: recognisable in a test's failure output. */
export const EXHAUSTED: TextTurn = { text: '(fake model: no scripted turn left)' };

/** A FIFO of turns shared by every API the server speaks. */
export class TurnQueue {
  private readonly turns: Turn[] = [];

  push(...turns: Turn[]): void {
    this.turns.push(...turns);
  }

  /** The next turn, taken off the queue unless it is a sticky error. */
  next(): Turn {
    const turn = this.turns[0];
    if (turn === undefined) return EXHAUSTED;
    if ('error' in turn) {
      if (turn.times === undefined) return turn;
      if (turn.times > 1) {
        this.turns[0] = { ...turn, times: turn.times - 1 };
        return turn;
      }
    }
    this.turns.shift();
    return turn;
  }

  get remaining(): number {
    return this.turns.length;
  }
}

let ids = 0;
/** A fresh id for tool calls and messages (unique within this process). */
export function newId(prefix: string): string {
  ids += 1;
  return `${prefix}_fake${String(ids).padStart(6, '0')}`;
}
