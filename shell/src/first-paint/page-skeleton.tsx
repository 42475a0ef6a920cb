/** The shapes of the pages first-paint.css draws (`.fp-page[data-page]`). */
export type SkeletonPage = 'dashboard' | 'page' | 'sign-in' | 'auth';

const Bone = ({ shape }: { shape: string }) => <span className={`fp-bone ${shape}`} />;

function Card({ shape, children }: { shape: string; children: React.ReactNode }) {
  return <div className={`fp-card ${shape}`}>{children}</div>;
}

/**
 * The grey shape of a page while its code is on its way: the same markup, with the same classes
 * of first-paint.css, as the HTML paints before any script (shell/public/index.html). `shown`
 * shows it wherever it is; without it, first-paint.css shows the page theme-init.js named.
 */
export function PageSkeleton({ page, shown = true }: { page: SkeletonPage; shown?: boolean }) {
  return (
    <div className={shown ? 'fp-page fp-shown' : 'fp-page'} data-page={page} aria-hidden={shown ? true : undefined}>
      {page === 'dashboard' ? (
        <>
          <Bone shape="fp-heading" />
          <div className="fp-grid fp-grid-lead">
            <Card shape="fp-member-card">
              <Bone shape="fp-text" />
              <Bone shape="fp-figure" />
            </Card>
            <div className="fp-stack">
              <Card shape="fp-next">
                <Bone shape="fp-text" />
              </Card>
              <Card shape="fp-pending">
                <Bone shape="fp-text" />
              </Card>
            </div>
          </div>
          <div className="fp-grid fp-grid-lead">
            <Card shape="fp-tall">
              <Bone shape="fp-text" />
            </Card>
            <Card shape="fp-tall">
              <Bone shape="fp-text" />
            </Card>
          </div>
        </>
      ) : page === 'page' ? (
        <>
          <Bone shape="fp-heading" />
          <Card shape="fp-tall">
            <Bone shape="fp-text" />
          </Card>
        </>
      ) : (
        <Card shape="fp-form">
          <Bone shape="fp-title" />
          <Bone shape="fp-text" />
          <Bone shape="fp-label" />
          <Bone shape="fp-input" />
          {page === 'sign-in' ? (
            <>
              <Bone shape="fp-label" />
              <Bone shape="fp-input" />
            </>
          ) : null}
          <Bone shape="fp-input fp-button" />
        </Card>
      )}
    </div>
  );
}

/** Which skeleton a page of the portal shows, as theme-init.js decides it for the first paint. */
export function skeletonPageFor(pathname: string, signedIn: boolean): SkeletonPage {
  const guestPage = pathname === '/' || pathname.startsWith('/auth');
  if (signedIn) return guestPage || /^\/dashboard\/?$/.test(pathname) ? 'dashboard' : 'page';
  return pathname === '/' || /^\/auth\/login\/?$/.test(pathname) || pathname.startsWith('/dashboard')
    ? 'sign-in'
    : 'auth';
}
