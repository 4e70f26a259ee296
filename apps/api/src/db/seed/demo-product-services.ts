/** Demo "products and services" (business units), partner clouds and taken domain names. */

type DemoUnit = {
  businessName: string;
  description: string;
  serviceOption: 'RedirectionURL' | 'CloudService' | 'SendEmailForEnquiry';
  redirectUrl?: string;
  clouds?: { cloudTitle: string; description: string; serviceName: string }[];
};

export const demoBusinessUnits: DemoUnit[] = [
  {
    businessName: 'Virtual Machines',
    description:
      'Linux and Windows virtual machines in Midrand and Nairobi. Choose processor, memory and disk, pay in your own currency and your VM launches automatically.',
    serviceOption: 'CloudService',
    clouds: [
      {
        cloudTitle: 'Cloud Servers',
        description: 'General-purpose VMs with Ubuntu, Windows Server, CentOS, Red Hat or an edge gateway image.',
        serviceName: 'virtualmachine',
      },
      {
        cloudTitle: 'Everything in the marketplace',
        description: 'Every VM, custom image and container node we sell, in one list with Quick Search.',
        serviceName: 'all',
      },
    ],
  },
  {
    businessName: 'Kubernetes Containers',
    description: 'Kubernetes control planes and worker pools for your containers, run and patched by us.',
    serviceOption: 'CloudService',
    clouds: [
      {
        cloudTitle: 'Kubernetes Nodes',
        description: 'Control planes and compute pools sized for production clusters.',
        serviceName: 'kubernetes',
      },
    ],
  },
  {
    businessName: 'SSL Certificates',
    description:
      'Domain-validated and organisation-validated certificates for your websites. Tell us what you need and we will send a quote within one business day.',
    serviceOption: 'SendEmailForEnquiry',
  },
  {
    businessName: 'Microsoft Licences',
    description: 'Windows Server, SQL Server and Microsoft 365 licences through our Microsoft partnership.',
    serviceOption: 'RedirectionURL',
    redirectUrl: 'https://www.mawingu.example/microsoft-licences',
  },
  {
    // The slash is on purpose: the page's address is the name without it (/businessunit/DomainsDNS).
    businessName: 'Domains/DNS',
    description: 'Register .com and .co.za names and manage DNS for them alongside your servers.',
    serviceOption: 'SendEmailForEnquiry',
  },
];

export const demoPartnerClouds = [
  {
    cloudTitle: 'Microsoft Azure',
    description: 'Extend your workloads to Azure regions in South Africa North and West.',
    websiteUrl: 'https://azure.microsoft.com',
  },
  {
    cloudTitle: 'Amazon Web Services',
    description: 'Connect to AWS Africa (Cape Town) for hybrid deployments.',
    websiteUrl: 'https://aws.amazon.com',
  },
  {
    cloudTitle: 'Google Cloud',
    description: 'Use Google Cloud services from the Johannesburg region next to your VMs.',
    websiteUrl: 'https://cloud.google.com',
  },
];

/** Names the embedded domain check answers "already taken" for. */
export const demoTakenDomains = ['mawingu.com', 'example.com', 'africa-cloud.com', 'nairobi-hosting.com'];
