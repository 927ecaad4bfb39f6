import { useState } from 'react';
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';

interface Props {
  slug: string;
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string };
    if (body.error) return body.error;
  } catch {
    // not JSON: fall through
  }
  return `The PDF could not be made (error ${response.status}).`;
}

/** Print: 'Preparing' while the API makes the PDF, then downloads {slug}.pdf (event 61); a failure alerts its message. */
export default function PrintPdf({ slug }: Props) {
  const [preparing, setPreparing] = useState(false);
  const onClick = async () => {
    setPreparing(true);
    track(EVENTS.printPdf, { slug });
    try {
      const response = await fetch(`/api/cars/${encodeURIComponent(slug)}/pdf`);
      if (!response.ok) throw new Error(await errorMessage(response));
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `${slug}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      window.alert(error instanceof Error ? error.message : String(error));
    } finally {
      setPreparing(false);
    }
  };
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => void onClick()} disabled={preparing} aria-busy={preparing}>
      {preparing ? (
        <>
          <span className="spinner" aria-hidden="true" /> Preparing
        </>
      ) : (
        'Download PDF'
      )}
    </button>
  );
}
