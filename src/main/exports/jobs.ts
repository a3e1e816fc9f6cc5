import { randomUUID } from 'node:crypto'
import { AppError, toAppErrorData } from '../../shared/errors'
import type { ExportFormat, ExportJob } from '../../shared/reports'
import type { Logger } from '../log'

/** Finished jobs kept for getExportProgress; the oldest go first. */
const KEEP_JOBS = 50

export type Progress = (done: number, total: number) => void

/**
 * Exports run in main as jobs: exportReport answers at once with a job id, the screen asks
 * getExportProgress until the job is done (or failed, with the reason). A long period never holds a call open.
 */
export class ExportJobs {
  private readonly jobs = new Map<string, ExportJob>()
  private readonly running = new Set<Promise<void>>()

  constructor(private readonly log: Logger) {}

  start(format: ExportFormat, path: string, run: (progress: Progress) => Promise<void>): ExportJob {
    const job: ExportJob = { jobId: randomUUID(), format, path, state: 'running', done: 0, total: 0 }
    this.jobs.set(job.jobId, job)
    this.trim()
    const task = run((done, total) => {
      job.done = done
      job.total = total
    })
      .then(() => {
        job.state = 'done'
        job.done = job.total
      })
      .catch((error: unknown) => {
        job.state = 'failed'
        job.error = toAppErrorData(error)
        if (job.error.code === 'INTERNAL') this.log.error('export failed', { error, format })
        else this.log.warn('export failed', { code: job.error.code, format })
      })
      .finally(() => this.running.delete(task))
    this.running.add(task)
    return { ...job }
  }

  get(jobId: string): ExportJob {
    const job = this.jobs.get(jobId)
    if (!job) throw new AppError('NOT_FOUND', 'There is no such export.')
    return { ...job }
  }

  /** Waits for exports still writing (the desk is stopping). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running])
  }

  private trim(): void {
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= KEEP_JOBS) return
      if (job.state !== 'running') this.jobs.delete(id)
    }
  }
}
