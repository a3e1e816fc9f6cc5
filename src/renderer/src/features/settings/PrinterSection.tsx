import { useEffect, useId, useState } from 'react'
import { useStore } from 'zustand'
import { parsePrinterAddress } from '../../../../shared/printer-address'
import { RECEIPT_LOGO_MAX_CHARS, RECEIPT_LOGO_PATTERN } from '../../../../shared/receipt-logo'
import type { PaperWidthMm, PrinterSettings } from '../../../../shared/receipts'
import type { Language } from '../../../../shared/types'
import { printingStore, settingsStore } from '../../app/stores'
import { MESSAGES } from '../../i18n'
import { useLanguage, useT } from '../../i18n/use'
import { afterThisTask } from '../../ui/after-paint'
import { BidiText } from '../../ui/BidiText'
import { Button, Panel, SelectField, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { Ltr } from '../../ui/Ltr'
import { printFailureText } from '../printing/failure-text'
import { FormFeedback } from './FormFeedback'
import { useSettingsForm } from './use-settings-form'

type Kind = PrinterSettings['kind']
const KINDS: Kind[] = ['escpos-network', 'system', 'none']
const WIDTHS: PaperWidthMm[] = [58, 80]

interface Form {
  kind: Kind
  address: string
  deviceName: string
  widthMm: PaperWidthMm
  autoPrint: boolean
  receiptLanguage: Language | null
  outletName: string
  outletAddress: string
  outletPhone: string
  redemptionHint: string
  logo: string | null
}

/** A chosen image file as the data URL receipts carry, or null when it is not a PNG/JPEG of a sensible size. */
function readLogo(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : ''
      resolve(url.length <= RECEIPT_LOGO_MAX_CHARS && RECEIPT_LOGO_PATTERN.test(url) ? url : null)
    }
    reader.onerror = () => resolve(null)
    reader.readAsDataURL(file)
  })
}

/** The printer the form describes, or null while it is incomplete (no address, no Windows printer). */
function printerOf(form: Form): PrinterSettings | null {
  if (form.kind === 'escpos-network') {
    return parsePrinterAddress(form.address)
      ? { kind: 'escpos-network', address: form.address.trim(), widthMm: form.widthMm }
      : null
  }
  if (form.kind === 'system') {
    return form.deviceName ? { kind: 'system', deviceName: form.deviceName, widthMm: form.widthMm } : null
  }
  return { kind: 'none', widthMm: form.widthMm }
}

/** Receipts and printer: where receipts go, the roll width, auto-print, and what every receipt says. */
export function PrinterSection() {
  const t = useT()
  const language = useLanguage()
  const settings = useStore(settingsStore, (s) => s.settings)
  const busy = useStore(settingsStore, (s) => s.busy)
  const printers = useStore(printingStore, (s) => s.printers)
  const printersError = useStore(printingStore, (s) => s.printersError)
  const testing = useStore(printingStore, (s) => s.testing)
  const testResult = useStore(printingStore, (s) => s.testResult)
  const hintId = useId()
  const logoId = useId()
  const [logoRefused, setLogoRefused] = useState(false)

  const { form, change, save } = useSettingsForm(
    settings,
    (s): Form => {
      const p = s.printer
      return {
        kind: p.kind,
        address: p.kind === 'escpos-network' ? p.address : '',
        deviceName: p.kind === 'system' ? p.deviceName : '',
        widthMm: p.widthMm,
        autoPrint: s.autoPrint,
        receiptLanguage: s.receiptLanguage,
        outletName: s.outlet.name,
        outletAddress: s.outlet.address,
        outletPhone: s.outlet.phone,
        redemptionHint: s.redemptionHint,
        logo: s.logo,
      }
    },
    'receipts',
  )

  // Asked in the task after the key that shows the screen (its frame first: ui/after-paint.ts).
  useEffect(() => {
    if (form?.kind !== 'system') return
    return afterThisTask(() => {
      if (!printingStore.getState().printers) void printingStore.getState().loadPrinters()
    })
  }, [form?.kind])

  if (!form) return null
  const printer = printerOf(form)
  const addressProblem =
    form.kind === 'escpos-network' && form.address.trim() !== '' && !parsePrinterAddress(form.address)
  const devices = printers?.list ?? []

  return (
    <section className="card" aria-labelledby="printer-title">
      <h2 id="printer-title">{t.printing.settings.title}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (!printer) return
          void save(() =>
            settingsStore.getState().update(
              {
                printer,
                autoPrint: form.autoPrint,
                receiptLanguage: form.receiptLanguage,
                outlet: { name: form.outletName, address: form.outletAddress, phone: form.outletPhone },
                redemptionHint: form.redemptionHint,
                logo: form.logo,
              },
              'receipts',
            ),
          )
        }}
      >
        <SelectField
          label={t.printing.settings.kind}
          value={form.kind}
          onChange={(e) => change({ kind: e.target.value as Kind })}
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t.printing.settings.kinds[k]}
            </option>
          ))}
        </SelectField>
        {form.kind === 'escpos-network' ? (
          <TextField
            label={t.printing.settings.address}
            value={form.address}
            onChange={(e) => change({ address: e.target.value })}
            dir="ltr"
            autoComplete="off"
            placeholder="tcp://192.168.1.50:9100"
            hint={
              <>
                {t.printing.settings.addressHint} <Ltr>tcp://192.168.1.50:9100</Ltr>
              </>
            }
            problem={addressProblem ? t.printing.settings.addressInvalid : null}
          />
        ) : null}
        {form.kind === 'system' ? (
          <>
            <SelectField
              label={t.printing.settings.device}
              value={form.deviceName}
              onChange={(e) => change({ deviceName: e.target.value })}
            >
              <option value="">{devices.length === 0 ? t.printing.settings.noDevices : '—'}</option>
              {/* A printer saved earlier stays choosable while it is not connected. */}
              {form.deviceName && !devices.some((d) => d.name === form.deviceName) ? (
                <option value={form.deviceName}>{form.deviceName}</option>
              ) : null}
              {devices.map((d) => (
                <option key={d.name} value={d.name}>
                  {d.displayName}
                </option>
              ))}
            </SelectField>
            {printers && !printers.available ? (
              <p className="warning warning-pending">{t.printing.settings.devicesUnavailable}</p>
            ) : null}
            {printersError ? <ErrorNote error={printersError} /> : null}
            <Button onClick={() => void printingStore.getState().loadPrinters()}>
              {t.printing.settings.refreshDevices}
            </Button>
          </>
        ) : null}
        <SelectField
          label={t.printing.settings.width}
          value={String(form.widthMm)}
          onChange={(e) => change({ widthMm: Number(e.target.value) as PaperWidthMm })}
        >
          {WIDTHS.map((w) => (
            <option key={w} value={w}>
              {t.printing.settings.widthMm(w)}
            </option>
          ))}
        </SelectField>
        <label className="check">
          <input
            type="checkbox"
            checked={form.autoPrint}
            disabled={form.kind === 'none'}
            onChange={(e) => change({ autoPrint: e.target.checked })}
          />
          {t.printing.settings.autoPrint}
        </label>
        <SelectField
          label={t.printing.settings.language}
          value={form.receiptLanguage ?? ''}
          onChange={(e) => change({ receiptLanguage: (e.target.value || null) as Language | null })}
        >
          <option value="">{t.printing.settings.languageFollow}</option>
          {(['ar', 'en'] as const).map((l) => (
            <option key={l} value={l} lang={l}>
              {MESSAGES[l].languageName}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t.printing.settings.outletName}
          value={form.outletName}
          maxLength={100}
          onChange={(e) => change({ outletName: e.target.value })}
        />
        <TextField
          label={t.printing.settings.outletAddress}
          value={form.outletAddress}
          maxLength={200}
          onChange={(e) => change({ outletAddress: e.target.value })}
        />
        <TextField
          label={t.printing.settings.outletPhone}
          value={form.outletPhone}
          maxLength={40}
          dir="ltr"
          inputMode="tel"
          onChange={(e) => change({ outletPhone: e.target.value })}
        />
        <div className="field">
          <label htmlFor={hintId}>{t.printing.settings.hint}</label>
          <textarea
            id={hintId}
            value={form.redemptionHint}
            maxLength={500}
            dir="auto"
            placeholder={t.printing.settings.hintExample}
            onChange={(e) => change({ redemptionHint: e.target.value })}
          />
          {form.redemptionHint.trim() ? (
            <div className="hint-preview">
              <span className="hint">{t.printing.settings.hintAsPrinted}</span>
              <BidiText
                text={form.redemptionHint.trim()}
                fallback={(form.receiptLanguage ?? language) === 'ar' ? 'rtl' : 'ltr'}
              />
            </div>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={logoId}>{t.printing.settings.logo}</label>
          {form.logo ? <img className="logo-preview" src={form.logo} alt={t.printing.settings.logo} /> : null}
          <input
            id={logoId}
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (!file) return
              void readLogo(file).then((logo) => {
                setLogoRefused(logo === null)
                if (logo) change({ logo })
              })
            }}
          />
          <div className="hint">{t.printing.settings.logoHint}</div>
          {logoRefused ? (
            <div className="problem" role="alert">
              {t.printing.settings.logoRefused}
            </div>
          ) : null}
          {form.logo ? (
            <Button onClick={() => change({ logo: null })}>{t.printing.settings.logoRemove}</Button>
          ) : null}
        </div>
        <div className="actions">
          <Button type="submit" disabled={busy !== null || !printer}>
            {t.printing.settings.save}
          </Button>
          <Button
            disabled={testing || !printer || printer.kind === 'none'}
            onClick={() => printer && void printingStore.getState().testPrint(printer)}
          >
            {testing ? t.printing.settings.testing : t.printing.settings.test}
          </Button>
        </div>
        <FormFeedback form="receipts" />
      </form>
      {testResult?.ok ? (
        <Panel
          tone="good"
          title={
            <>
              {t.printing.settings.testOk} <Ltr>{testResult.printer}</Ltr>
            </>
          }
          role="status"
        />
      ) : null}
      {testResult && !testResult.ok ? (
        <Panel tone="bad" title={t.printing.failedTitle} role="alert">
          <p>{printFailureText(t, testResult.error, 'settings')}</p>
        </Panel>
      ) : null}
    </section>
  )
}
