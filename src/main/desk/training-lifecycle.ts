import type { TrainingService } from './workspace'

/**
 * The built-in training sandbox in the desk's life: started when training is first opened (once, however many
 * ask at the same time), its demo reseller's credentials for the training session, closed when the desk stops
 * (one still starting is waited for and closed too).
 */
export class TrainingLifecycle {
  private running: TrainingService | null = null
  private starting: Promise<TrainingService> | null = null

  constructor(private readonly start: () => Promise<TrainingService>) {}

  /** The training service, once started. */
  current(): TrainingService | null {
    return this.running
  }

  /** The training service, started first if it is not running. */
  async ensure(): Promise<TrainingService> {
    if (this.running) return this.running
    this.starting ??= this.start().then((t) => {
      this.running = t
      return t
    })
    try {
      return await this.starting
    } finally {
      this.starting = null
    }
  }

  /** Closes the training service, if it runs or is starting (a start that fails leaves nothing to close). */
  async stop(): Promise<void> {
    const training = this.running ?? (await this.starting?.catch(() => null)) ?? null
    this.running = null
    if (training) await training.close()
  }
}
