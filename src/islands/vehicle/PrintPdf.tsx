import { useState } from 'react';
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';
import { downloadCarPdf } from './download-pdf';

interface Props {
  slug: string;
}

/** Download PDF: 'Preparing' while the API makes it, then saves {slug}.pdf (event 61); a failure alerts its message. */
export default function PrintPdf({ slug }: Props) {
  const [preparing, setPreparing] = useState(false);
  const onClick = async () => {
    setPreparing(true);
    track(EVENTS.printPdf, { slug });
    try {
      await downloadCarPdf(slug);
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
