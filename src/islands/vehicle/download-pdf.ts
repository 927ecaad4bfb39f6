/** Fetch the car's PDF from the API and save it as {slug}.pdf; throws an Error with a readable message. */
export async function downloadCarPdf(slug: string): Promise<void> {
  const response = await fetch(`/api/cars/${encodeURIComponent(slug)}/pdf`);
  if (!response.ok) {
    let message = `The PDF could not be made (error ${response.status}). Please try again.`;
    try {
      const body = (await response.json()) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      // Not JSON (a proxy's error page): keep the generic message.
    }
    throw new Error(message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${slug}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
