import type { DeadLetter, DeadLetterEntry } from './dead-letter';
import { DedupWindow } from './dedup-window';
import { subjectMatches } from './subject-pattern';

/** Retention of the in-process dead-letter store (the DLQ stream's limits, in memory). */
export interface MemoryDeadLettersOptions {
  duplicateWindowMs: number;
  /** Oldest letters are discarded beyond this many. */
  maxEntries: number;
  /** Letters older than this are discarded. */
  maxAgeMs: number;
}

interface Reader {
  readonly pattern: string;
  readonly onLetter: (letter: DeadLetter) => void;
}

/**
 * The in-process dead-letter store: limits retention (count and age), de-duplicated like the DLQ
 * stream, and readable from the oldest retained letter onwards.
 */
export class MemoryDeadLetters {
  private readonly letters: { letter: DeadLetter; storedAt: number }[] = [];
  private readonly readers = new Set<Reader>();
  private readonly dedup: DedupWindow;

  constructor(private readonly options: MemoryDeadLettersOptions) {
    this.dedup = new DedupWindow(options.duplicateWindowMs);
  }

  /** Stores a letter (unless a duplicate) and hands it to matching readers asynchronously. */
  add(entry: DeadLetterEntry): void {
    if (this.dedup.has(entry.dedupId)) return;
    this.dedup.remember(entry.dedupId);
    const now = Date.now();
    this.letters.push({ letter: entry.letter, storedAt: now });
    this.prune(now);
    const readers = [...this.readers];
    setImmediate(() => {
      for (const reader of readers) {
        if (this.readers.has(reader)) this.offer(reader, entry.letter);
      }
    });
  }

  /**
   * Reads retained letters whose original subject matches `pattern`, then new ones; returns the
   * function that stops reading.
   */
  read(pattern: string, onLetter: (letter: DeadLetter) => void): () => void {
    this.prune(Date.now());
    const reader: Reader = { pattern, onLetter };
    const retained = this.letters.map(({ letter }) => letter);
    this.readers.add(reader);
    setImmediate(() => {
      for (const letter of retained) if (this.readers.has(reader)) this.offer(reader, letter);
    });
    return () => this.readers.delete(reader);
  }

  private offer(reader: Reader, letter: DeadLetter): void {
    if (subjectMatches(reader.pattern, letter.subject)) reader.onLetter(letter);
  }

  private prune(now: number): void {
    let drop = Math.max(0, this.letters.length - this.options.maxEntries);
    while (drop < this.letters.length && now - this.letters[drop]!.storedAt > this.options.maxAgeMs) drop++;
    this.letters.splice(0, drop);
  }
}
