/*
 * Two apps behind one index.html: the employee portal (/employee…), which civil servants open on cheap
 * phones over mobile data, and the staff platform. Each loads only its own shell: the portal's sign-in no
 * router, no Amplify, no staff frame; the staff app none of the portal. Paths match as the routers match
 * them: any case, with or without a trailing slash.
 */
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html.');

const app = /^\/employee(\/|$)/i.test(window.location.pathname) ? import('./portal/main') : import('./staff');
void app.then(({ mount }) => mount(root));
