import { Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../app/hooks';
import { usePublicStatus } from '../app/status-api';
import { readStored, StorageKey, writeStored } from '../common/local-storage';
import { Footer } from './Footer';
import { ManualCopyDialog } from './ManualCopyDialog';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useIsMobile } from './use-is-mobile';

/** Home and the embedded chat use the whole width: no sidebar, no padding (spec §2 "Shell"). */
function isFullBleed(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/chat/') || pathname === '/chat';
}

function initiallyCollapsed(defaultCollapse: boolean): boolean {
  const chosen = readStored(StorageKey.sidebarCollapsed);
  if (chosen !== null) return chosen === 'true';
  return defaultCollapse;
}

/** The frame around every page: top bar, sidebar, content and footer. */
export function AppLayout() {
  const status = usePublicStatus();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const user = useCurrentUser();
  const [collapsed, setCollapsed] = useState(() => initiallyCollapsed(status.default_collapse_sidebar));
  const [mobileSidebarOpen, setMobileSidebarOpen] = useState(false);

  useEffect(() => {
    document.title = status.system_name || 'Modelgate';
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = status.logo || '/favicon.svg';
  }, [status.system_name, status.logo]);

  useEffect(() => setMobileSidebarOpen(false), [pathname]);

  const toggleCollapsed = () =>
    setCollapsed((current) => {
      writeStored(StorageKey.sidebarCollapsed, String(!current));
      return !current;
    });

  const fullBleed = isFullBleed(pathname);
  // The sidebar is the signed-in console's: a visitor (sign-in, register, pricing) sees none.
  const hasSidebar = user !== null;
  const showSidebar = hasSidebar && (isMobile ? mobileSidebarOpen : !fullBleed);
  return (
    <div className={`mg-app${isMobile ? ' mg-mobile' : ''}`}>
      <TopBar hasSidebar={hasSidebar} onToggleSidebar={() => setMobileSidebarOpen((open) => !open)} />
      <div className="mg-body">
        {showSidebar && (
          <SideMenu
            collapsed={isMobile ? false : collapsed}
            onToggleCollapsed={isMobile ? () => setMobileSidebarOpen(false) : toggleCollapsed}
            onNavigate={() => setMobileSidebarOpen(false)}
          />
        )}
        <div className="mg-main">
          <main className={fullBleed ? 'mg-content mg-content-bleed' : 'mg-content'}>
            <Suspense fallback={<Spinner className="mg-page-spinner" />}>
              <Outlet />
            </Suspense>
          </main>
          <Footer />
        </div>
      </div>
      <ManualCopyDialog />
    </div>
  );
}
