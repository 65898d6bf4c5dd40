/** The peer list page: the same ten contacts the product's /contacts shows first, fetched on the server, in a plain table. */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { SESSION_COOKIE, apiToken } from '../session';

export const dynamic = 'force-dynamic';

const QUERY = 'page=1&pageSize=10&orderBy=name&direction=asc&filterBy=9999&retrospectiveDays=0';

export default async function Contacts() {
  const token = await apiToken((await cookies()).get(SESSION_COOKIE)?.value);
  if (!token) redirect('/');
  const res = await fetch(`${process.env.API_URL}contact/contacts?${QUERY}`, {
    headers: { authorization: `Bearer ${token}` },
    cache: 'no-store',
  });
  const { count, items } = await res.json();
  return (
    <main>
      <h1>Contacts ({count})</h1>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Type</th>
            <th>Phone</th>
            <th>Email</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.contact}>
              <td>{c.fileAs}</td>
              <td>{c.contactTypeName}</td>
              <td>{c.phoneNo}</td>
              <td>{c.emailAddress}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
