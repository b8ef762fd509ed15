import { Alignment, Button, Menu, MenuItem, Navbar, PopoverNext, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { useAppDispatch, useCurrentUser } from '../app/hooks';
import { signedOut } from '../app/session-slice';
import { usePublicStatus } from '../app/status-api';
import { showSuccess } from '../common/notify';
import { useLogoutMutation } from '../features/account/self-api';
import { type Language, LANGUAGES } from '../i18n';
import { useTheme } from './theme';
import { useIsMobile } from './use-is-mobile';

const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English' };

function isNewYearsDay(now = new Date()): boolean {
  return now.getMonth() === 0 && now.getDate() === 1;
}

export interface TopBarProps {
  onToggleSidebar(): void;
  /** False for a signed-out visitor: there is no sidebar to open. */
  hasSidebar?: boolean;
}

/** The top bar of spec §2 "Shell": navigation, theme, language and the account menu. */
export function TopBar({ onToggleSidebar, hasSidebar = true }: TopBarProps) {
  const { t, i18n } = useTranslation('shell');
  const status = usePublicStatus();
  const user = useCurrentUser();
  const isMobile = useIsMobile();
  const theme = useTheme();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();

  const signOut = async () => {
    await logout().unwrap().catch(() => undefined);
    dispatch(signedOut());
    showSuccess(t('account.loggedOut'));
    navigate('/login');
  };

  const navItems = [
    { to: '/', label: t('nav.home'), end: true },
    { to: status.enable_data_export ? '/detail' : '/token', label: t('nav.console') },
    { to: '/pricing', label: t('nav.pricing') },
    { to: '/about', label: t('nav.about') },
  ];

  return (
    <Navbar className="mg-topbar" fixedToTop>
      <Navbar.Group align={Alignment.START} className="mg-topbar-start">
        {isMobile && hasSidebar && (
          <Button variant="minimal" icon="menu" aria-label={t('nav.toggleSidebar')} onClick={onToggleSidebar} />
        )}
        <NavLink to="/" className="mg-brand">
          <img src={status.logo || '/favicon.svg'} alt="" className="mg-brand-logo" />
          {!isMobile && <span className="mg-brand-name">{status.system_name}</span>}
        </NavLink>
        {status.self_use_mode_enabled && (
          <Tag className="mg-badge-self-use" round minimal>
            {t('badge.selfUse')}
          </Tag>
        )}
        {status.demo_site_enabled && (
          <Tag intent="primary" round minimal>
            {t('badge.demo')}
          </Tag>
        )}
        <Navbar.Divider />
        <nav className="mg-topnav" aria-label={t('nav.label')}>
          {navItems.map((item) => (
            <NavLink key={item.label} to={item.to} end={item.end} className="mg-topnav-link">
              {item.label}
            </NavLink>
          ))}
          {status.docs_link && (
            <a className="mg-topnav-link" href={status.docs_link} target="_blank" rel="noreferrer">
              {t('nav.docs')}
            </a>
          )}
        </nav>
      </Navbar.Group>
      <Navbar.Group align={Alignment.END} className="mg-topbar-end">
        {isNewYearsDay() && (
          <Button variant="minimal" icon="clean" text={isMobile ? undefined : t('nav.newYear')} />
        )}
        <Button
          variant="minimal"
          icon={theme.mode === 'dark' ? 'flash' : 'moon'}
          aria-label={theme.mode === 'dark' ? t('theme.toLight') : t('theme.toDark')}
          title={theme.mode === 'dark' ? t('theme.toLight') : t('theme.toDark')}
          onClick={theme.toggle}
        />
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu>
              {LANGUAGES.map((language) => (
                <MenuItem
                  key={language}
                  text={LANGUAGE_NAMES[language]}
                  active={i18n.language === language}
                  onClick={() => void i18n.changeLanguage(language)}
                />
              ))}
            </Menu>
          }
        >
          <Button variant="minimal" icon="translate" aria-label={t('nav.language')} />
        </PopoverNext>
        {user ? (
          <PopoverNext
            placement="bottom-end"
            content={
              <Menu>
                <MenuItem icon="log-out" text={t('account.logout')} onClick={() => void signOut()} />
              </Menu>
            }
          >
            <Button variant="minimal" aria-label={t('account.menu')} className="mg-account-button">
              <span className="mg-avatar" aria-hidden>
                {user.username.slice(0, 1).toUpperCase()}
              </span>
              {!isMobile && <span className="mg-account-name">{user.username}</span>}
            </Button>
          </PopoverNext>
        ) : (
          <>
            <Button variant="minimal" icon="log-in" text={t('account.login')} onClick={() => navigate('/login')} />
            {!status.self_use_mode_enabled && !isMobile && (
              <Button variant="minimal" text={t('account.register')} onClick={() => navigate('/register')} />
            )}
          </>
        )}
      </Navbar.Group>
    </Navbar>
  );
}
