'use client';
/**
 * The user profile's tabs, once the user exists (docs/users.md#screens): their contact info (addresses,
 * phones, emails) and, for location administrators, the locations they may reach.
 */
import { useState } from 'react';
import { ContactInfo } from '@/components/contact-info';
import type { Lookups } from '@/components/lookups';
import { Tabs } from '@/components/ui/tabs';
import type { UserProfile } from '@/lib/contract/users';
import { LocationsTab } from './locations-tab';

export function UserTabs({
  profile,
  name,
  lookups,
  locations,
  onLocationsDirty,
  onSaved,
}: {
  profile: UserProfile;
  name: string;
  lookups: Lookups;
  /** The Locations tab shows (the viewer administers locations). */
  locations: boolean;
  onLocationsDirty: (dirty: boolean) => void;
  onSaved: () => void;
}) {
  const [tab, setTab] = useState('info');
  return (
    <Tabs
      label="User details"
      value={tab}
      onChange={setTab}
      tabs={[
        { id: 'info', label: 'Contact Info', content: <ContactInfo contact={profile.contact} name={name} lookups={lookups} /> },
        ...(locations
          ? [
              {
                id: 'locations',
                label: 'Locations',
                content: <LocationsTab user={profile.user} name={name} onDirtyChange={onLocationsDirty} onSaved={onSaved} />,
              },
            ]
          : []),
      ]}
    />
  );
}
