/** English texts of the signed-in frame: sidebar, header, user menu and the unverified-address reminder (the frame's chunk). */
export const frame = {
  'frame.openSidebar': 'Open sidebar',
  'frame.closeSidebar': 'Close sidebar',
  'frame.sidebar': 'Sidebar',
  'frame.nav.header': 'Portal',
  'frame.nav.sidebar': 'Sidebar',
  'frame.nav.projects': ({ product }: { product: string }) => `${product} Projects`,
  'frame.nav.quickstart': ({ product }: { product: string }) => `${product} Quickstart Guide`,
  'frame.nav.docs': 'API Documentation',
  'frame.nav.newTab': '(opens in a new tab)',
  'frame.user.menu': 'User menu',
  'frame.user.signedInAs': 'Signed in as',
  'frame.user.profile': 'Your Profile',
  'frame.user.settings': 'Settings',
  'frame.user.signOut': 'Sign out',
  'frame.verify.notice': 'Your e-mail address is not verified yet. Verify it so you can reset your password if you forget it.',
  'frame.verify.now': 'Verify now',
}
