/** localStorage key of the QA view, which shows the running builds in the settings drawer. */
export const QA_VIEW_STORAGE_KEY = 'qa.view';
/** Query parameter: `?qa=1` turns the QA view on for this browser, `?qa=0` off again. */
export const QA_VIEW_QUERY_PARAM = 'qa';

/**
 * Whether this browser is in the QA view: members see no build internals (remote names, versions,
 * channels), support and QA turn them on with `?qa=1`, and the choice is kept, like QA's release
 * override, until `?qa=0`.
 */
export function isQaView(search = window.location.search): boolean {
  const asked = new URLSearchParams(search).get(QA_VIEW_QUERY_PARAM);
  try {
    if (asked === '1') localStorage.setItem(QA_VIEW_STORAGE_KEY, '1');
    if (asked === '0') localStorage.removeItem(QA_VIEW_STORAGE_KEY);
    return localStorage.getItem(QA_VIEW_STORAGE_KEY) === '1';
  } catch {
    // storage disabled: the query alone decides, for this page
    return asked === '1';
  }
}
