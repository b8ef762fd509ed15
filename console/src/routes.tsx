import { Spinner } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './shell/AppLayout';
import { NotFoundPage } from './shell/NotFoundPage';
import { RequireAuth } from './shell/RequireAuth';

/** A page loaded on first visit (one bundle per screen), optionally behind sign-in. */
function page(load: () => Promise<ComponentType>, guarded = false): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load();
      return { Component: guarded ? () => <RequireAuth><Page /></RequireAuth> : Page };
    },
  };
}

const signedIn = true;

/** The route table of spec §2. Every route is a real page that works when opened directly. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    // Shown while the first page's code loads.
    HydrateFallback: () => <Spinner className="mg-page-spinner" />,
    children: [
      { index: true, ...page(async () => (await import('./features/home/HomePage')).HomePage) },
      { path: 'login', ...page(async () => (await import('./features/auth/LoginPage')).LoginPage) },
      { path: 'register', ...page(async () => (await import('./features/auth/RegisterPage')).RegisterPage) },
      { path: 'reset', ...page(async () => (await import('./features/auth/ResetRequestPage')).ResetRequestPage) },
      { path: 'user/reset', ...page(async () => (await import('./features/auth/ResetConfirmPage')).ResetConfirmPage) },
      {
        path: 'oauth/:provider',
        ...page(async () => (await import('./features/auth/OAuthCallbackPage')).OAuthCallbackPage),
      },
      { path: 'pricing', ...page(async () => (await import('./features/pricing/PricingPage')).PricingPage) },
      { path: 'about', ...page(async () => (await import('./features/about/AboutPage')).AboutPage) },
      { path: 'chat/:id?', ...page(async () => (await import('./features/chat/ChatPage')).ChatPage) },
      { path: 'chat2link', ...page(async () => (await import('./features/chat/Chat2LinkPage')).Chat2LinkPage, signedIn) },
      { path: 'token', ...page(async () => (await import('./features/tokens/TokensPage')).TokensPage, signedIn) },
      {
        path: 'playground',
        ...page(async () => (await import('./features/playground/PlaygroundPage')).PlaygroundPage, signedIn),
      },
      { path: 'topup', ...page(async () => (await import('./features/wallet/WalletPage')).WalletPage, signedIn) },
      { path: 'log', ...page(async () => (await import('./features/logs/LogsPage')).LogsPage, signedIn) },
      {
        path: 'detail',
        ...page(async () => (await import('./features/dashboard/DashboardPage')).DashboardPage, signedIn),
      },
      {
        path: 'midjourney',
        ...page(async () => (await import('./features/tasks/DrawingTasksPage')).DrawingTasksPage, signedIn),
      },
      {
        path: 'task',
        ...page(async () => (await import('./features/tasks/MusicTasksPage')).MusicTasksPage, signedIn),
      },
      {
        path: 'personal',
        ...page(async () => (await import('./features/personal/PersonalPage')).PersonalPage, signedIn),
      },
      { path: 'channel', ...page(async () => (await import('./features/channels/ChannelsPage')).ChannelsPage, signedIn) },
      {
        path: 'channel/add',
        ...page(async () => (await import('./features/channels/ChannelEditPage')).ChannelEditPage, signedIn),
      },
      {
        path: 'channel/edit/:id',
        ...page(async () => (await import('./features/channels/ChannelEditPage')).ChannelEditPage, signedIn),
      },
      {
        path: 'redemption',
        ...page(async () => (await import('./features/redemptions/RedemptionsPage')).RedemptionsPage, signedIn),
      },
      { path: 'user', ...page(async () => (await import('./features/users/UsersPage')).UsersPage, signedIn) },
      { path: 'user/edit/:id?', ...page(async () => (await import('./features/users/UserEditPage')).UserEditPage, signedIn) },
      {
        path: 'setting',
        ...page(async () => (await import('./features/settings/SettingsPage')).SettingsPage, signedIn),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
