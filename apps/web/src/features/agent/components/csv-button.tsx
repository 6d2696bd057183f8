import type { CallDefinition, QueryOf } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useApiClient } from '../../../lib/api';
import { useErrorText } from './error-text';

/** The file name a Content-Disposition header gives (plain or RFC 5987 form), if any. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/** Hands a file to the browser's download through a temporary object URL and link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is released a little later for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

interface CsvButtonProps<Call extends CallDefinition & { file: true }> {
  definition: Call;
  /** The list's filters (not its page): the file holds every row they select. */
  query: QueryOf<Call>;
  /** The name to save under when the server does not name the file. */
  fallbackName: string;
}

/** Exports a report as CSV: asks the server for the file with the report's filters and saves it. */
export function CsvButton<Call extends CallDefinition & { file: true }>({
  definition,
  query,
  fallbackName,
}: CsvButtonProps<Call>) {
  const { t } = useTranslation('agent');
  const api = useApiClient();
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async () => {
    setPending(true);
    setProblem(null);
    let fileName = fallbackName;
    try {
      const blob = await api.send(definition, {
        query,
        onHeaders: (headers) => {
          fileName = fileNameOf(headers.get('content-disposition')) ?? fallbackName;
        },
      });
      saveFile(blob as Blob, fileName);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="agent-csv">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void download()}
        disabled={pending}
        aria-busy={pending}
      >
        <Icon name="download" size={16} />
        {pending ? t('agent.csv.pending') : t('agent.csv.export')}
      </button>
      {problem ? (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
