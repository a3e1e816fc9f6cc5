/**
 * The lazy file system (lazyfs.c) from a test: compiled once per source, mounted over a backing folder, cut.
 *
 * A mount is a folder that behaves like a disk whose power can be cut: `cut()` throws away everything the
 * programs on it wrote without syncing (bytes without fsync of the file, names without fsync of their folder),
 * then the mount is gone; `LazyFs.mount()` again on the same folder is the PC starting up.
 *
 * Needs /dev/fuse, fusermount3 (Debian's fuse3), gcc and libfuse3-dev (.ci/run installs them). Where any is
 * missing, mounting throws and says which: a power-cut test never skips silently.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const SOURCE = fileURLToPath(new URL('./lazyfs.c', import.meta.url))
const OUT_DIR = fileURLToPath(new URL('../../test-output/power-cut/', import.meta.url))

/** What a cut took away, as the daemon counted it. */
export interface CutReport {
  /** Files whose bytes or size went back to their last sync. */
  filesUndone: number
  /** 512-byte sectors given back their synced bytes. */
  sectorsUndone: number
  /** Files whose size changed at the cut (grown or shrunk back to the synced size). */
  filesShortened: number
  /** Name changes undone (creations, removals, renames whose folder was not synced). */
  namesUndone: number
  /** Sectors of the newest unsynced write kept, as a disk may have written them before the power went. */
  tornSectorsKept: number
  tornFile: string
  /** The name changes undone, newest first, in words ("rename data/a.tmp -> data/a"; the first 64). */
  names: string[]
}

/** What a cut would take away now. */
export interface LazyStatus {
  unsyncedFiles: number
  keptSectors: number
  unsyncedNames: number
  cut: boolean
}

let compiled: Promise<string> | null = null

/** The daemon's binary, compiled from lazyfs.c the first time (and again only when the source changes). */
export function lazyFsBinary(): Promise<string> {
  compiled ??= compile()
  return compiled
}

async function compile(): Promise<string> {
  const source = readFileSync(SOURCE)
  const binary = join(OUT_DIR, `lazyfs-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`)
  if (existsSync(binary)) return binary
  if (!existsSync('/dev/fuse'))
    throw new Error('power-cut tests need /dev/fuse (FUSE), and there is none here')
  let flags: string[]
  try {
    flags = (await run('pkg-config', ['--cflags', '--libs', 'fuse3'])).stdout.trim().split(/\s+/)
  } catch (error) {
    throw new Error(
      `power-cut tests need libfuse3-dev and pkg-config (apt-get install libfuse3-dev): ${error}`,
    )
  }
  mkdirSync(OUT_DIR, { recursive: true })
  const partial = `${binary}.${process.pid}.tmp`
  try {
    await run('gcc', ['-O2', '-Wall', '-Wno-format-truncation', '-o', partial, SOURCE, ...flags])
  } catch (error) {
    throw new Error(
      `power-cut tests: lazyfs.c did not compile: ${(error as { stderr?: string }).stderr ?? error}`,
    )
  }
  // Several test files may compile at once: each writes its own file and the rename is atomic.
  await run('mv', ['-f', partial, binary])
  return binary
}

/** A mounted lazy file system: `path` is the folder the program under test uses. */
export class LazyFs {
  private exited: Promise<number | null>
  private lines: string[] = []
  private waiters: ((line: string) => void)[] = []
  private stderr = ''

  private constructor(
    /** The folder the backing files live in (read it only while nothing is mounted). */
    readonly backing: string,
    /** The mount point: the "disk" the program under test writes to. */
    readonly path: string,
    private readonly daemon: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => daemon.once('exit', (code) => resolve(code)))
    createInterface({ input: daemon.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const waiter = this.waiters.shift()
      if (waiter) waiter(line)
      else this.lines.push(line)
    })
    daemon.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString()
    })
  }

  /**
   * Mounts `root`/mnt over `root`/backing (both made if missing; the stash beside them), and waits until it
   * answers. Mounting the same root again after a cut is the PC starting up after the power came back.
   */
  static async mount(root: string): Promise<LazyFs> {
    const binary = await lazyFsBinary()
    const backing = join(root, 'backing')
    const stash = join(root, 'stash')
    const path = join(root, 'mnt')
    for (const dir of [backing, stash, path]) mkdirSync(dir, { recursive: true })
    const daemon = spawn(binary, [backing, stash, path, '-f', '-s'], { stdio: ['ignore', 'pipe', 'pipe'] })
    const fs = new LazyFs(backing, path, daemon)
    const ready = await Promise.race([
      fs.nextLine(),
      fs.exited.then((code) => `exited ${code}`),
      new Promise<string>((resolve) => setTimeout(() => resolve('no answer in 10 s'), 10_000).unref()),
    ])
    if (ready !== 'ready' || statSync(path).dev === statSync(root).dev) {
      daemon.kill('SIGKILL')
      throw new Error(`the lazy file system did not mount on ${path} (${ready}): ${fs.stderr}`)
    }
    return fs
  }

  private nextLine(): Promise<string> {
    const line = this.lines.shift()
    if (line !== undefined) return Promise.resolve(line)
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  private get control(): string {
    return join(this.path, '.lazyfs-control')
  }

  /** What a cut would take away now. */
  async status(): Promise<LazyStatus> {
    return JSON.parse(await readFile(this.control, 'utf8')) as LazyStatus
  }

  /**
   * The power goes: everything not synced is undone in the backing folder (keeping `tornSectors` sectors of
   * the newest unsynced write), and the mount is taken away. Whatever still runs on it gets errors; stop the
   * programs on it first, as the power would.
   */
  async cut(tornSectors = 0): Promise<CutReport> {
    const report = this.nextLine()
    writeFileSync(this.control, `cut ${tornSectors}\n`)
    const parsed = JSON.parse(await report) as CutReport
    await this.unmount()
    return parsed
  }

  /** Unmounts without a cut (what was written stays in the backing folder, synced or not). */
  async unmount(): Promise<void> {
    if (this.daemon.exitCode === null && this.daemon.signalCode === null) {
      await run('fusermount3', ['-u', '-z', this.path]).catch(() => this.daemon.kill('SIGTERM'))
    }
    const code = await this.exited
    if (code !== 0 && code !== null)
      throw new Error(`the lazy file system exited with ${code}: ${this.stderr}`)
  }
}
